#ifndef ELEMENT_SHELL_CMALLOC_SHIM_H
#define ELEMENT_SHELL_CMALLOC_SHIM_H
// glibc's malloc tuning (mallopt, malloc_trim), which Glibc's module map leaves out.
#include <malloc.h>
#endif
