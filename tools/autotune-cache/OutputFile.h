// A file a command writes for the user (autotune-cache plot --output): a
// reader, such as a browser reloading it, sees the old file or the new one,
// never a part; and what is not a regular file (a device, a pipe, a link to
// one) is written to, never replaced by one.
#ifndef AUTOTUNE_TOOLS_OUTPUTFILE_H
#define AUTOTUNE_TOOLS_OUTPUTFILE_H

#include <string>

namespace autotune {

// Writes Text to Path ("-": standard output). A regular file, or a new one,
// is written to a temporary file beside it and renamed over it (mode 0666
// less the umask, as a shell's redirection makes it); through a symbolic
// link, the file it names is replaced and the link stays. Anything else
// (/dev/null, a FIFO, /proc/self/fd/1 on a pipe) is opened and written in
// place, as a shell's '>' would; a directory is refused. False with Problem
// set ("cannot write plots/x.svg: No such file or directory"), and a
// regular file untouched, when a step fails.
bool writeOutputFile(const std::string &Path, const std::string &Text,
                     std::string &Problem);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_OUTPUTFILE_H
