// warplint: where CUDA's texture headers and Clang's texture intrinsics
// (__clang_cuda_texture_intrinsics.h, which implements the
// __nv_tex_surf_handler they expand to) disagree. Used with a toolkit only:
// the prelude declares no texture functions.
#ifndef __WARPLINT_TEXTURE_H
#define __WARPLINT_TEXTURE_H
#ifdef __CLANG_CUDA_TEXTURE_INTRINSICS_H__
namespace {
namespace __cuda_tex {
template <bool, class = void> struct __warplint_enable_if {};
template <class __R> struct __warplint_enable_if<true, __R> { using type = __R; };

// tex2Dgather(..., bool *isResident, int comp): CUDA's header passes
// (x, y, comp, &resident) to "__itex2Dgather_sparse", Clang's table takes
// (x, y, &resident, comp); without this every texture fetch of the file
// fails with the one template they share (no matching function for __run).
template <class __op, class __T>
__device__ static typename __warplint_enable_if<
    __is_same(__op, __Tag<__tex_op_hash("__itex2Dgather_sparse")>)>::type
__tex_fetch_impl(__texture_op_tag, __T *__ptr, cudaTextureObject_t __handle, float __x,
                 float __y, int __comp, unsigned char *__ir) {
  using __FetchT = typename __TypeInfoT<__T>::__fetch_t;
  *__ptr = __convert<__T, __FetchT>::__run(
      __tex_fetch_v4<__op>::template __run<__FetchT>(__handle, __x, __y, __ir, __comp));
}
} // namespace __cuda_tex
} // namespace
#endif
#endif
