// A file a command writes for the user (autotune-cache plot --output): a
// reader, such as a browser reloading it, sees the old file or the new one,
// never a part.
#ifndef AUTOTUNE_TOOLS_OUTPUTFILE_H
#define AUTOTUNE_TOOLS_OUTPUTFILE_H

#include <string>

namespace autotune {

// Writes Text to a new temporary file beside Path, then renames it to Path
// (mode 0666 less the umask, as a shell's redirection makes it). False with
// Problem set ("cannot write plots/x.svg: No such file or directory"), and
// Path untouched, when either step fails.
bool writeFileAtomically(const std::string &Path, const std::string &Text,
                         std::string &Problem);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_OUTPUTFILE_H
