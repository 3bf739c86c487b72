// Generator of tests/data/tensor/like.txt: CuTe's make_fragment_like and make_layout_like
// (cute/layout.hpp) on a handful of layouts, printed with cute::print. Host-only:
//
//   SP=/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages
//   g++ -std=c++17 -O0 -I$SP/cutlass_library/source/include -I/work/cuda/py13/nvidia/cu13/include/cccl \
//       -I/work/cuda/py13/nvidia/cu13/include \
//       tests/data/tensor/like_gen.cpp -o /tmp/like_gen && /tmp/like_gen > tests/data/tensor/like.txt
//
// Each line: `<function> <input layout> -> <result layout>`; static integers print as `_4`,
// runtime ones as `4`.
#include <cstdio>
#include <cute/layout.hpp>
#include <cutlass/version.h>
using namespace cute;

template <class L> void frag(L const& l) {
  printf("make_fragment_like ");
  print(l);
  printf(" -> ");
  print(make_fragment_like(l));
  printf("\n");
}
template <class L> void like(L const& l) {
  printf("make_layout_like ");
  print(l);
  printf(" -> ");
  print(make_layout_like(l));
  printf("\n");
}

int main() {
  printf("# CuTe (CUTLASS %d.%d.%d) make_fragment_like / make_layout_like; generator: tests/data/tensor/like_gen.cpp\n",
         CUTLASS_MAJOR, CUTLASS_MINOR, CUTLASS_PATCH);
  // make_fragment_like: mode 0 column major (static zeros kept), modes 1.. ordered by stride.
  frag(make_layout(Shape<_4, _2>{}, Stride<_16, _1>{}));
  frag(make_layout(Shape<_2, _3, _4>{}, Stride<_12, _1, _3>{}));
  frag(make_layout(Shape<_2, _3, _4>{}, Stride<_1, _8, _2>{}));
  frag(make_layout(Shape<Shape<_2, _2>, _3, _4>{}, Stride<Stride<_0, _1>, _0, _2>{}));
  frag(make_layout(Shape<_2, _3, _4>{}, Stride<_1, _5, _5>{}));  // a tie
  frag(make_layout(Shape<_4, Shape<_2, _3>, Shape<_2, _2>>{},
                   Stride<_1, Stride<_32, _8>, Stride<_2, _64>>{}));
  frag(make_layout(Shape<_4, _3, _2>{}, Stride<_1, Int<-4>, _12>{}));  // a negative stride
  frag(make_layout(Shape<_4, _3, _2>{}, make_stride(_1{}, 100, 7)));   // runtime strides
  frag(make_layout(Shape<_4, _3, _2, _5>{}, make_stride(_1{}, 100, _2{}, _0{})));
  frag(make_layout(Shape<_4, _1, _3>{}, Stride<_1, _0, _4>{}));
  frag(make_layout(Shape<Shape<_2, _4>, _8>{}, Stride<Stride<_8, _0>, _1>{}));
  frag(make_layout(Shape<Shape<_2, _2>, _2, _2>{}, Stride<Stride<_0, _0>, _4, _1>{}));
  frag(make_layout(Shape<_8>{}, Stride<_0>{}));                        // rank 1
  frag(make_layout(Shape<Shape<_2, _4>>{}, Stride<Stride<_0, _1>>{})); // rank 1, nested
  frag(make_layout(_8{}, _3{}));                                       // an integral shape
  frag(make_layout(Shape<_2, _1, Shape<_3, _1>>{}, Stride<_1, _0, Stride<_2, _0>>{}));
  // make_layout_like: every leaf ordered by stride, static zeros kept.
  like(make_layout(Shape<_2, _2, _2, _2>{}, Stride<_0, _2, _4, _1>{}));  // CuTe's example
  like(make_layout(make_shape(2, 3, 4, 5), make_stride(_0{}, 42, _1{}, _0{})));  // CuTe's example
  like(make_layout(Shape<_4, Shape<_2, _3>>{}, Stride<_3, Stride<_1, _12>>{}));
  like(make_layout(Shape<_4, _2>{}, Stride<_16, _1>{}));
  like(make_layout(Shape<_2, _3, _4>{}, Stride<_1, _5, _5>{}));  // a tie
  like(make_layout(Shape<_4, _3, _2>{}, Stride<_1, Int<-4>, _12>{}));
  like(make_layout(Shape<_4, _3, _2, _5>{}, make_stride(_1{}, 100, _2{}, _0{})));
  like(make_layout(_8{}, _0{}));
  return 0;
}
