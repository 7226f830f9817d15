#ifndef LEGIBLE_ONNX_RUNTIME_SHIM_H
#define LEGIBLE_ONNX_RUNTIME_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// One ONNX model loaded into ONNX Runtime's C library, which is opened with dlopen: Debian has
/// no ONNX Runtime, so the library comes from its PyPI wheel, which ships no header
/// (Docs/Recognition.md, "Handwriting"). Only the calls used here are declared, in the shim.
typedef struct LegibleOrtModel LegibleOrtModel;

/// Opens the library at `library` (after loading the system libraries it needs, so that none is
/// looked for beside it), and the model serialised in the `length` bytes at `model`, with
/// `threads` threads for its operators; `second_output`, when not NULL, names a second output
/// of the graph that a run may ask for instead of the first. With `arena` not 0, the session
/// keeps ONNX Runtime's memory arena, which reuses its tensors' memory from run to run. Returns
/// NULL on failure, with a message in `*error` (free it with free()) and `*library_failed` 1
/// when the library, not the model, could not be loaded.
LegibleOrtModel *legible_ort_load(const char *library, const void *model, size_t length, int threads, const char *second_output,
                                  int arena, int *library_failed, char **error);

/// Runs the model on one float32 tensor `input` of `rank` dimensions `shape`, computing only
/// what output `which` needs (0 the first, 1 the second named at load). On success returns 0,
/// `*output` holds that output's values (free it with free()), `output_shape` its dimensions
/// (at most 8) and `*output_rank` their count. On failure returns -1 with a message in `*error`.
int legible_ort_run(LegibleOrtModel *model, const float *input, const int64_t *shape, size_t rank, int which, float **output,
                    int64_t *output_shape, size_t *output_rank, char **error);

/// The version string of the ONNX Runtime library at `library` (loaded as `legible_ort_load`
/// loads it), or NULL with a message in `*error`; free the result with free().
char *legible_ort_version(const char *library, char **error);

/// Releases the model (the library stays loaded for the process).
void legible_ort_free(LegibleOrtModel *model);

#endif
