// Included after the site through a macro defined before it.
inline int byMacro() { return 1; }
