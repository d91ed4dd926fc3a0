#pragma once
#define STRIDE 1
