#pragma once
// The stride a.cu and b.cu read with: editing it changes both results.
#define STRIDE 8
