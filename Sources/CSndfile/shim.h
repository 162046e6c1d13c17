#ifndef THEREMIN_CSNDFILE_SHIM_H
#define THEREMIN_CSNDFILE_SHIM_H
#include <sndfile.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Starts writing `length` bytes of a file from `offset` to disk without waiting for them: sync_file_range with
   SYNC_FILE_RANGE_WRITE (2). A render streams its finished blocks out this way, so renaming the file over an older
   one (where ext4 starts the writeback of everything still dirty) is short. glibc declares sync_file_range only under
   _GNU_SOURCE, which would give this module another fd_set than Swift's Glibc module (a clean build then fails), so
   the system call is made directly. Returns 0, or -1 with errno. */
static inline int theremin_start_writeback(int fd, long long offset, long long length) {
    return (int)syscall(SYS_sync_file_range, fd, offset, length, 2u);
}
#endif
