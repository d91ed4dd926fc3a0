#pragma once
// Found through the compile command's -I.
#define STRIDE_FROM_HEADER 4
