// Included by OutputIsAFileTheCompileReads.cpp, and again from kern.h.
template <int B> void work(int *x) { *x = B; }
