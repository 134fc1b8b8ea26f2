// What the driver's process spawning needs and Swift's Glibc module leaves out: closing every inherited
// descriptor from a number on in the child (glibc 2.34 and newer, declared only under _GNU_SOURCE).
#ifndef C_PROCESS_SPAWN_H
#define C_PROCESS_SPAWN_H

#if defined(__linux__)
#include <spawn.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int lowest);
#define C_PROCESS_SPAWN_HAS_CLOSEFROM 1
#endif

/// Has the child close every descriptor from `lowest` on before it runs; 0, or an error number.
static inline int spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(C_PROCESS_SPAWN_HAS_CLOSEFROM)
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return 0;
#endif
}
#endif

#endif
