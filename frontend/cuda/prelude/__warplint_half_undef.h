// warplint prelude: the end of one inclusion of __warplint_half_types.h,
// _convert.h and _arith.h (cuda_fp16.h, cuda_bf16.h): their parameters go.
#undef __WL_T
#undef __WL_T2
#undef __WL_RAW
#undef __WL_RAW2
#undef __WL_NAT
#undef __WL_P
#undef __WL_P2
#undef __WL_PTX2
#undef __WL_CONV
#undef __WL_OPS
#undef __WL_OPS2
