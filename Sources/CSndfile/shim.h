#ifndef THEREMIN_CSNDFILE_SHIM_H
#define THEREMIN_CSNDFILE_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* sync_file_range */
#endif
#include <fcntl.h>
#include <sndfile.h>

/* Starts writing `length` bytes of a file from `offset` to disk without waiting for them (sync_file_range with
   SYNC_FILE_RANGE_WRITE, which Swift's Glibc module does not declare). A render streams its finished blocks out this
   way, so renaming the file over an older one (where ext4 starts the writeback of everything still dirty) is
   short. Returns 0, or -1 with errno. */
static inline int theremin_start_writeback(int fd, long long offset, long long length) {
    return sync_file_range(fd, (off64_t)offset, (off64_t)length, SYNC_FILE_RANGE_WRITE);
}
#endif
