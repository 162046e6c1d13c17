// The FUSE side of the fake camera: a directory holding the device file and a control file.
#include "fake_camera.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static fake_device *device_of(fuse_req_t request) { return fuse_req_userdata(request); }

/// Attributes of an inode; false when it does not exist (now).
static bool attributes(fake_device *d, fuse_ino_t ino, struct stat *st) {
    memset(st, 0, sizeof *st);
    st->st_ino = ino;
    st->st_uid = getuid();
    st->st_gid = getgid();
    if (ino == FAKE_INO_ROOT) {
        st->st_mode = S_IFDIR | 0755;
        st->st_nlink = 2;
        return true;
    }
    if (ino == FAKE_INO_CONTROL) {
        st->st_mode = S_IFREG | 0666;
        st->st_nlink = 1;
        return true;
    }
    if (ino >= FAKE_INO_DEVICE_BASE) {
        // Device files of earlier generations stay valid inodes (open descriptors point at them).
        st->st_mode = S_IFREG | 0666;
        st->st_nlink = 1;
        st->st_size = (off_t)d->memory_size;
        return true;
    }
    return false;
}

static void op_lookup(fuse_req_t request, fuse_ino_t parent, const char *name) {
    fake_device *d = device_of(request);
    struct fuse_entry_param entry;
    memset(&entry, 0, sizeof entry);
    fuse_ino_t ino = 0;
    pthread_mutex_lock(&d->lock);
    if (parent == FAKE_INO_ROOT && strcmp(name, "control") == 0)
        ino = FAKE_INO_CONTROL;
    else if (parent == FAKE_INO_ROOT && strcmp(name, d->options->name) == 0 && d->present)
        ino = fake_device_ino(d);
    pthread_mutex_unlock(&d->lock);
    if (ino == 0 || !attributes(d, ino, &entry.attr)) {
        fuse_reply_err(request, ENOENT);
        return;
    }
    // No caching of names or attributes: an unplugged device must vanish at once.
    entry.ino = ino;
    entry.attr_timeout = 0;
    entry.entry_timeout = 0;
    fuse_reply_entry(request, &entry);
}

static void op_getattr(fuse_req_t request, fuse_ino_t ino, struct fuse_file_info *fi) {
    (void)fi;
    struct stat st;
    if (attributes(device_of(request), ino, &st))
        fuse_reply_attr(request, &st, 0);
    else
        fuse_reply_err(request, ENOENT);
}

static void op_readdir(fuse_req_t request, fuse_ino_t ino, size_t size, off_t offset, struct fuse_file_info *fi) {
    (void)fi;
    fake_device *d = device_of(request);
    if (ino != FAKE_INO_ROOT) {
        fuse_reply_err(request, ENOTDIR);
        return;
    }
    pthread_mutex_lock(&d->lock);
    const char *names[4] = {".", "..", "control", d->present ? d->options->name : NULL};
    fuse_ino_t inos[4] = {FAKE_INO_ROOT, FAKE_INO_ROOT, FAKE_INO_CONTROL, fake_device_ino(d)};
    pthread_mutex_unlock(&d->lock);
    char *buffer = calloc(1, size);
    if (!buffer) {
        fuse_reply_err(request, ENOMEM);
        return;
    }
    size_t used = 0;
    for (off_t i = offset; i < 4; i++) {
        if (!names[i]) continue;
        struct stat st = {.st_ino = inos[i], .st_mode = i < 2 ? S_IFDIR : S_IFREG};
        size_t needed = fuse_add_direntry(request, buffer + used, size - used, names[i], &st, i + 1);
        if (needed > size - used) break;
        used += needed;
    }
    fuse_reply_buf(request, buffer, used);
    free(buffer);
}

static void op_open(fuse_req_t request, fuse_ino_t ino, struct fuse_file_info *fi) {
    fake_device *d = device_of(request);
    if (ino == FAKE_INO_CONTROL) {
        fi->direct_io = 1; /* every read is a fresh status line */
        fi->fh = 0;
        fuse_reply_open(request, fi);
        return;
    }
    pthread_mutex_lock(&d->lock);
    bool current = ino == fake_device_ino(d);
    pthread_mutex_unlock(&d->lock);
    if (!current) {
        fuse_reply_err(request, ino >= FAKE_INO_DEVICE_BASE ? ENODEV : EISDIR);
        return;
    }
    fake_handle *handle = NULL;
    int error = fake_device_open(d, &handle, (fi->flags & O_NONBLOCK) != 0);
    if (error) {
        fuse_reply_err(request, error);
        return;
    }
    fi->fh = (uint64_t)(uintptr_t)handle;
    fi->keep_cache = 1; /* frames arrive through notify_store; opening must not drop them */
    fi->nonseekable = 0;
    if (fuse_reply_open(request, fi) != 0) fake_device_release(d, handle);
}

static void op_release(fuse_req_t request, fuse_ino_t ino, struct fuse_file_info *fi) {
    if (ino >= FAKE_INO_DEVICE_BASE && fi->fh) fake_device_release(device_of(request), (fake_handle *)(uintptr_t)fi->fh);
    fuse_reply_err(request, 0);
}

static void op_read(fuse_req_t request, fuse_ino_t ino, size_t size, off_t offset, struct fuse_file_info *fi) {
    (void)fi;
    fake_device *d = device_of(request);
    if (ino == FAKE_INO_CONTROL) {
        char status[512];
        int length = fake_device_status(d, status, sizeof status);
        if (length < 0) length = 0;
        if ((size_t)length >= sizeof status) length = (int)sizeof status - 1;
        size_t start = offset < length ? (size_t)offset : (size_t)length;
        size_t count = (size_t)length - start < size ? (size_t)length - start : size;
        fuse_reply_buf(request, status + start, count);
        return;
    }
    if (offset < 0 || (size_t)offset >= d->memory_size) {
        fuse_reply_buf(request, NULL, 0);
        return;
    }
    size_t count = d->memory_size - (size_t)offset < size ? d->memory_size - (size_t)offset : size;
    pthread_mutex_lock(&d->lock);
    bool current = ino == fake_device_ino(d);
    pthread_mutex_unlock(&d->lock);
    if (current) {
        fuse_reply_buf(request, (const char *)d->memory + offset, count);
        return;
    }
    // The buffers of an unplugged generation are gone: their pages read as zeros.
    char *zeros = calloc(1, count);
    if (!zeros) {
        fuse_reply_err(request, ENOMEM);
        return;
    }
    fuse_reply_buf(request, zeros, count);
    free(zeros);
}

static void op_write(fuse_req_t request, fuse_ino_t ino, const char *data, size_t size, off_t offset,
                     struct fuse_file_info *fi) {
    (void)fi;
    fake_device *d = device_of(request);
    if (ino == FAKE_INO_CONTROL) {
        char command[64];
        size_t length = size < sizeof command - 1 ? size : sizeof command - 1;
        memcpy(command, data, length);
        while (length > 0 && (command[length - 1] == '\n' || command[length - 1] == ' ')) length--;
        command[length] = '\0';
        int error = fake_device_control(d, command);
        if (error)
            fuse_reply_err(request, error);
        else
            fuse_reply_write(request, size);
        return;
    }
    // Writes through a shared mapping land in the buffer memory, as they would on a real device.
    pthread_mutex_lock(&d->lock);
    bool current = ino == fake_device_ino(d);
    pthread_mutex_unlock(&d->lock);
    if (current && offset >= 0 && (size_t)offset < d->memory_size) {
        size_t count = d->memory_size - (size_t)offset < size ? d->memory_size - (size_t)offset : size;
        memcpy(d->memory + offset, data, count);
    }
    fuse_reply_write(request, size);
}

static void op_ioctl(fuse_req_t request, fuse_ino_t ino, unsigned int command, void *argument,
                     struct fuse_file_info *fi, unsigned flags, const void *in, size_t in_size, size_t out_size) {
    (void)argument;
    if (ino < FAKE_INO_DEVICE_BASE || !fi->fh || (flags & FUSE_IOCTL_COMPAT)) {
        fuse_reply_err(request, ENOTTY);
        return;
    }
    fake_device_ioctl(device_of(request), request, (fake_handle *)(uintptr_t)fi->fh, command, in, in_size, out_size);
}

static void op_poll(fuse_req_t request, fuse_ino_t ino, struct fuse_file_info *fi, struct fuse_pollhandle *ph) {
    if (ino < FAKE_INO_DEVICE_BASE || !fi->fh) {
        if (ph) fuse_pollhandle_destroy(ph);
        fuse_reply_poll(request, POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM);
        return;
    }
    fake_device_poll(device_of(request), request, (fake_handle *)(uintptr_t)fi->fh, ph);
}

const struct fuse_lowlevel_ops fake_filesystem_operations = {
    .lookup = op_lookup,
    .getattr = op_getattr,
    .readdir = op_readdir,
    .open = op_open,
    .release = op_release,
    .read = op_read,
    .write = op_write,
    .ioctl = op_ioctl,
    .poll = op_poll,
};
