#ifndef ELEMENT_SHELL_CREADLINE_SHIM_H
#define ELEMENT_SHELL_CREADLINE_SHIM_H
// readline.h uses FILE without including stdio.h itself.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#endif
