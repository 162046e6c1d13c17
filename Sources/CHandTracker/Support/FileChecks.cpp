#include "Support/FileChecks.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

#include "Support/TrackerFailure.hpp"

namespace theremin {

void requireReadableFile(const std::string &path, const std::string &role) {
    struct stat info {};
    if (path.empty()) {
        throw TrackerFailure(TH_ERROR_INVALID_ARGUMENT, role + " path is empty");
    }
    if (::stat(path.c_str(), &info) != 0) {
        const int error = errno;
        if (error == ENOENT || error == ENOTDIR) {
            throw TrackerFailure(TH_ERROR_FILE_MISSING, role + " " + path + " does not exist");
        }
        throw TrackerFailure(TH_ERROR_FILE_UNREADABLE, role + " " + path + " cannot be read: " + std::strerror(error));
    }
    if (!S_ISREG(info.st_mode)) {
        throw TrackerFailure(TH_ERROR_FILE_MISSING, role + " " + path + " is not a regular file");
    }
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        const int error = errno;
        throw TrackerFailure(TH_ERROR_FILE_UNREADABLE, role + " " + path + " cannot be read: " + std::strerror(error));
    }
    std::fclose(file);
    if (info.st_size == 0) {
        throw TrackerFailure(TH_ERROR_MODEL_INVALID, role + " " + path + " is empty");
    }
}

}  // namespace theremin
