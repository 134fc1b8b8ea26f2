// The system headers the server's event loops need and Swift's Glibc module leaves out: epoll on Linux.
// Elsewhere the loops use poll(), which Glibc and Darwin both export.
#ifndef C_EVENT_POLLING_H
#define C_EVENT_POLLING_H

#if defined(__linux__)
#include <sys/epoll.h>
#endif

#endif
