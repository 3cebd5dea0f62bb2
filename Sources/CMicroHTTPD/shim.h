#ifndef SEGUED_CMICROHTTPD_SHIM_H
#define SEGUED_CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>
#endif
