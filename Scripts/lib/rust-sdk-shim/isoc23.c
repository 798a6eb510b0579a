/* The two C23 entry points glibc 2.38 added that matrix-sdk-python's libmatrix_sdk_ffi.so calls,
 * for glibc 2.36 (Debian 12). A compiler in C23 mode sends strtol and sscanf here; the only
 * difference from the C99 functions is that they also read binary numbers ("0b101").
 * Scripts/lib/rust-sdk-venv.sh builds this as libisoc23shim.so next to the library and makes the
 * library load it; it is never used where glibc has the real ones. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* strtol, plus C23's "0b"/"0B" prefix when base is 0 or 2. */
long __isoc23_strtol(const char *text, char **end, int base) {
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    int negative = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if ((base == 0 || base == 2) && p[0] == '0' && (p[1] == 'b' || p[1] == 'B') &&
        (p[2] == '0' || p[2] == '1')) {
        char *stop;
        int saved = errno;
        errno = 0;
        unsigned long magnitude = strtoul(p + 2, &stop, 2);
        if (end)
            *end = stop;
        unsigned long limit = negative ? (unsigned long)LONG_MAX + 1 : (unsigned long)LONG_MAX;
        if (errno == ERANGE || magnitude > limit) {
            errno = ERANGE;
            return negative ? LONG_MIN : LONG_MAX;
        }
        errno = saved;
        return negative ? (long)(0 - magnitude) : (long)magnitude;
    }
    return strtol(text, end, base);
}

/* sscanf as C99 has it: %i and %b on binary input are the only things it reads differently. */
int __isoc23_sscanf(const char *text, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int converted = vsscanf(text, format, arguments);
    va_end(arguments);
    return converted;
}
