#ifndef SEGUED_CCLANG_SHIM_H
#define SEGUED_CCLANG_SHIM_H
// Debian's libclang (apt: libclang-dev, clang 14 on Debian 12): its C interface, found through the
// include path bench/objc-reading/Package.swift gives target ClangIndex (/usr/lib/llvm-14/include).
// Only ClangIndex imports this module.
#include <clang-c/Index.h>
#endif
