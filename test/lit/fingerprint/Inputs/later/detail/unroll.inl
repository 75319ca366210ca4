// Included by kernel.tpp, itself included after the site.
#define UNROLL_FACTOR 1
