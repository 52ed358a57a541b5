/* Included by cuda-test-qfunctions.h with a local include. */
#pragma once
#define CUDA_TEST_NUM_COMP 3
