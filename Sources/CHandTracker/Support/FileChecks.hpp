// Checks a data file before OpenCV opens it, so that a missing or unreadable file gets its own clear error instead
// of a parser message.
#pragma once

#include <string>

namespace theremin {

/// Throws TrackerFailure (file missing / unreadable / model invalid when empty) unless `path` is a readable,
/// non-empty regular file. `role` names the file in the message, e.g. "palm detector model".
void requireReadableFile(const std::string &path, const std::string &role);

}  // namespace theremin
