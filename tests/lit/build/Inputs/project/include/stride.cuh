#pragma once
// The stride of kernel.cu's read.
#define STRIDE 1
