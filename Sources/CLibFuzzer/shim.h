// libFuzzer's driver, for a program with its own main (libclang_rt.fuzzer, linked by
// -sanitize=fuzzer). Declared here because the toolchain ships no header for it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*testOneInput)(const uint8_t *data, size_t size));
