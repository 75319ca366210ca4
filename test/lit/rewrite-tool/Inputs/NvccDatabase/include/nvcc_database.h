// Found only through the '--options-file' of the nvcc compile command.
#define NVCC_DATABASE_BLOCKS 64, 128
