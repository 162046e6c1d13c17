// libdbus (Debian's libdbus-1-dev): the system bus, for RealtimeKit's MakeThreadRealtime when SCHED_FIFO is refused.
// The type codes are character-literal macros, which Swift does not import: re-exported as constants.
#include <dbus/dbus.h>

static const int theremin_dbus_type_string = DBUS_TYPE_STRING;
static const int theremin_dbus_type_uint64 = DBUS_TYPE_UINT64;
static const int theremin_dbus_type_uint32 = DBUS_TYPE_UINT32;
static const int theremin_dbus_type_int32 = DBUS_TYPE_INT32;
static const int theremin_dbus_type_int64 = DBUS_TYPE_INT64;
static const int theremin_dbus_type_variant = DBUS_TYPE_VARIANT;

#include <sys/syscall.h>
#include <unistd.h>

/// The calling thread's kernel id, which MakeThreadRealtime names (Swift cannot call the variadic syscall()).
static inline unsigned long long theremin_thread_id(void) { return (unsigned long long) syscall(SYS_gettid); }
