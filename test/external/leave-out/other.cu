// The first source of rows' group, which reads no header with a site: under
// the Makefile generators an edit of the header must not make every later
// build rewrite again.
int otherSource() { return 0; }
