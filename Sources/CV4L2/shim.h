#ifndef THEREMIN_CV4L2_SHIM_H
#define THEREMIN_CV4L2_SHIM_H
// libv4l2 and the V4L2 kernel API, for Swift. libv4l2 runs the real device through its format conversion
// (YUYV, MJPEG, ... to BGR24). Swift cannot call variadic C functions nor see function-like macros, so the two
// variadic entry points get fixed-argument wrappers and the request numbers and fourccs become constants.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

/// `v4l2_open(path, flags)` without the variadic mode argument (a device is never created).
static inline int cv4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }

/// `v4l2_ioctl(fd, request, arg)` with its one pointer argument spelled out.
static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }

/// The kernel's `ioctl(fd, request, arg)`, bypassing libv4l2: asks the driver what it really delivers.
static inline int cv4l2_raw_ioctl(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }

/// Sends libv4l2's own log lines to /dev/null instead of stderr (callers report errors themselves), unless a log
/// file is already set or LIBV4L2_LOG_FILENAME asks for one. Not thread-safe: call once, before opening devices.
static inline void cv4l2_silence_log(void) {
    if (!v4l2_log_file && !getenv("LIBV4L2_LOG_FILENAME")) v4l2_log_file = fopen("/dev/null", "w");
}

// Request numbers (_IOR/_IOW/_IOWR macros).
static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_TRY_FMT = VIDIOC_TRY_FMT;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long CV4L2_VIDIOC_G_INPUT = VIDIOC_G_INPUT;
static const unsigned long CV4L2_VIDIOC_ENUMINPUT = VIDIOC_ENUMINPUT;
static const unsigned long CV4L2_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long CV4L2_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
static const unsigned long CV4L2_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long CV4L2_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

// Control ids (sums of class bases in the header) and the flags of VIDIOC_QUERYCTRL.
static const uint32_t CV4L2_CID_EXPOSURE_AUTO = V4L2_CID_EXPOSURE_AUTO;
static const uint32_t CV4L2_CID_EXPOSURE_AUTO_PRIORITY = V4L2_CID_EXPOSURE_AUTO_PRIORITY;
static const uint32_t CV4L2_CID_POWER_LINE_FREQUENCY = V4L2_CID_POWER_LINE_FREQUENCY;
static const uint32_t CV4L2_CTRL_FLAG_DISABLED = V4L2_CTRL_FLAG_DISABLED;
static const uint32_t CV4L2_CTRL_FLAG_READ_ONLY = V4L2_CTRL_FLAG_READ_ONLY;
static const uint32_t CV4L2_CTRL_FLAG_INACTIVE = V4L2_CTRL_FLAG_INACTIVE;
static const uint32_t CV4L2_CTRL_TYPE_MENU = V4L2_CTRL_TYPE_MENU;

// Pixel formats (v4l2_fourcc macros).
static const uint32_t CV4L2_PIX_FMT_BGR24 = V4L2_PIX_FMT_BGR24;
static const uint32_t CV4L2_PIX_FMT_RGB24 = V4L2_PIX_FMT_RGB24;
static const uint32_t CV4L2_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV;
static const uint32_t CV4L2_PIX_FMT_UYVY = V4L2_PIX_FMT_UYVY;
static const uint32_t CV4L2_PIX_FMT_MJPEG = V4L2_PIX_FMT_MJPEG;
static const uint32_t CV4L2_PIX_FMT_JPEG = V4L2_PIX_FMT_JPEG;
static const uint32_t CV4L2_PIX_FMT_H264 = V4L2_PIX_FMT_H264;
static const uint32_t CV4L2_PIX_FMT_GREY = V4L2_PIX_FMT_GREY;
static const uint32_t CV4L2_PIX_FMT_NV12 = V4L2_PIX_FMT_NV12;
static const uint32_t CV4L2_PIX_FMT_YUV420 = V4L2_PIX_FMT_YUV420;

#endif
