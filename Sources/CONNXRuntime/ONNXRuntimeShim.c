// The one door to ONNX Runtime (Docs/Recognition.md, "Handwriting"). Its C API is a table of
// function pointers that the library returns for a version; the table only ever grows at its
// end, so each call used here is reached by its position in the table of version 1.22, as the
// upstream header orders it. Nothing else of the library is used.
#define _GNU_SOURCE
#include "ONNXRuntimeShim.h"

#include <dlfcn.h>
#include <gnu/libc-version.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The API version asked for: the wheel pinned in Tools/requirements is 1.22.
enum { API_VERSION = 22 };

/// Positions of the calls in the version-22 table.
enum {
    GET_ERROR_MESSAGE = 2,
    CREATE_ENV = 3,
    CREATE_SESSION_FROM_ARRAY = 8,
    RUN = 9,
    CREATE_SESSION_OPTIONS = 10,
    DISABLE_MEM_PATTERN = 17,
    DISABLE_CPU_MEM_ARENA = 19,
    SET_INTRA_OP_THREADS = 24,
    SET_INTER_OP_THREADS = 25,
    SESSION_INPUT_NAME = 36,
    SESSION_OUTPUT_NAME = 37,
    CREATE_TENSOR_WITH_DATA = 49,
    TENSOR_MUTABLE_DATA = 51,
    DIMENSIONS_COUNT = 61,
    DIMENSIONS = 62,
    TENSOR_TYPE_AND_SHAPE = 65,
    CREATE_CPU_MEMORY_INFO = 69,
    ALLOCATOR_FREE = 76,
    DEFAULT_ALLOCATOR = 78,
    RELEASE_ENV = 92,
    RELEASE_STATUS = 93,
    RELEASE_MEMORY_INFO = 94,
    RELEASE_SESSION = 95,
    RELEASE_VALUE = 96,
    RELEASE_SHAPE_INFO = 99,
    RELEASE_SESSION_OPTIONS = 100,
};

typedef void *Status;
typedef struct {
    const void *(*get_api)(uint32_t version);
    const char *(*version_string)(void);
} ApiBase;

struct LegibleOrtModel {
    void *const *api;
    void *env, *session, *memory;
    char *input_name, *output_name, *second_output;
};

#define CALL(model, index, type) ((type)(model)->api[index])

/// Turns a status into a message in `*error`; returns whether there was one.
static int failed(const LegibleOrtModel *model, Status status, const char *what, char **error) {
    if (status == 0) return 0;
    const char *message = CALL(model, GET_ERROR_MESSAGE, const char *(*)(Status))(status);
    size_t length = strlen(what) + (message ? strlen(message) : 0) + 3;
    *error = malloc(length);
    if (*error) snprintf(*error, length, "%s: %s", what, message ? message : "");
    CALL(model, RELEASE_STATUS, void (*)(Status))(status);
    return 1;
}

static char *copy(const char *text) {
    char *result = malloc(strlen(text) + 1);
    if (result) strcpy(result, text);
    return result;
}

/// The libraries the pinned ONNX Runtime names as its needs (`readelf -d`). Its RUNPATH is
/// `$ORIGIN`, so the loader would look for them beside it first, where a planted file would run
/// (Docs/Hardening.md, "What is loaded is what was checked"). Each is therefore loaded from the
/// system before the library is: already in the process, or from the folder the process's C
/// library came from. The loader then takes the loaded copy for the need and searches nowhere.
static const char *const system_needs[] = {"libdl.so.2", "librt.so.1", "libpthread.so.0", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1"};

/// Loads each of `system_needs` from the system; returns 0, or -1 with a message. The C library
/// is found by `gnu_get_libc_version`, which only glibc defines: `malloc` would name whatever
/// allocator is preloaded (jemalloc, heaptrack), whose folder holds none of the needs.
static int load_system_needs(char **error) {
    Dl_info libc;
    if (dladdr((void *)&gnu_get_libc_version, &libc) == 0 || libc.dli_fname == 0) {
        *error = copy("the system's C library could not be located");
        return -1;
    }
    const char *slash = strrchr(libc.dli_fname, '/');
    size_t folder = slash ? (size_t)(slash - libc.dli_fname) : 0;
    for (size_t index = 0; index < sizeof system_needs / sizeof *system_needs; index++) {
        const char *name = system_needs[index];
        if (dlopen(name, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL)) continue;
        char path[4096];
        if (folder == 0 || snprintf(path, sizeof path, "%.*s/%s", (int)folder, libc.dli_fname, name) >= (int)sizeof path
            || dlopen(path, RTLD_NOW | RTLD_GLOBAL) == 0) {
            char message[256];
            snprintf(message, sizeof message, "the system library %s that it needs is not installed", name);
            *error = copy(message);
            return -1;
        }
    }
    return 0;
}

/// The API base of the library at `path` (its system needs loaded first), or NULL with a message.
static const ApiBase *open_base(const char *path, char **error) {
    if (load_system_needs(error) != 0) return 0;
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == 0) {
        const char *reason = dlerror();
        *error = copy(reason ? reason : "cannot be opened");
        return 0;
    }
    const ApiBase *(*get_base)(void) = (const ApiBase *(*)(void))dlsym(library, "OrtGetApiBase");
    const ApiBase *base = get_base ? get_base() : 0;
    if (base == 0) *error = copy("it has no OrtGetApiBase");
    return base;
}

/// The table of the library at `path`, or NULL with a message.
static void *const *open_api(const char *path, char **error) {
    const ApiBase *base = open_base(path, error);
    if (base == 0) return 0;
    void *const *api = (void *const *)base->get_api(API_VERSION);
    if (api == 0) *error = copy("it does not offer ONNX Runtime's C API version 22");
    return api;
}

/// The session's first input and output names, copied.
static int read_names(LegibleOrtModel *model, char **error) {
    void *allocator = 0;
    if (failed(model, CALL(model, DEFAULT_ALLOCATOR, Status(*)(void **))(&allocator), "allocator", error)) return -1;
    char *name = 0;
    typedef Status (*NameCall)(void *, size_t, void *, char **);
    if (failed(model, CALL(model, SESSION_INPUT_NAME, NameCall)(model->session, 0, allocator, &name), "input name", error)) return -1;
    model->input_name = copy(name);
    CALL(model, ALLOCATOR_FREE, Status(*)(void *, void *))(allocator, name);
    if (failed(model, CALL(model, SESSION_OUTPUT_NAME, NameCall)(model->session, 0, allocator, &name), "output name", error)) return -1;
    model->output_name = copy(name);
    CALL(model, ALLOCATOR_FREE, Status(*)(void *, void *))(allocator, name);
    return 0;
}

/// A session for the model in the `length` bytes at `bytes`.
static Status create_session(LegibleOrtModel *model, const void *bytes, size_t length, void *options) {
    return CALL(model, CREATE_SESSION_FROM_ARRAY, Status(*)(void *, const void *, size_t, void *, void **))(model->env, bytes, length, options, &model->session);
}

LegibleOrtModel *legible_ort_load(const char *library, const void *bytes, size_t length, int threads, const char *second_output,
                                  int arena, int *library_failed, char **error) {
    *error = 0;
    *library_failed = 1;
    void *const *api = open_api(library, error);
    if (api == 0) return 0;
    *library_failed = 0;
    LegibleOrtModel *model = calloc(1, sizeof(LegibleOrtModel));
    if (model == 0) return 0;
    model->api = api;
    model->second_output = second_output ? copy(second_output) : 0;
    void *options = 0;
    int bad = failed(model, CALL(model, CREATE_ENV, Status(*)(int, const char *, void **))(3, "legible", &model->env), "environment", error)
              || failed(model, CALL(model, CREATE_SESSION_OPTIONS, Status(*)(void **))(&options), "options", error)
              || failed(model, CALL(model, SET_INTRA_OP_THREADS, Status(*)(void *, int))(options, threads), "threads", error)
              || failed(model, CALL(model, SET_INTER_OP_THREADS, Status(*)(void *, int))(options, 1), "threads", error)
              // Lines differ in width, so a memory pattern, planned for one input's shape, is not
              // reused. The arena is the caller's choice (Docs/Recognition.md, "Handwriting").
              || failed(model, CALL(model, DISABLE_MEM_PATTERN, Status(*)(void *))(options), "memory pattern", error)
              || (!arena && failed(model, CALL(model, DISABLE_CPU_MEM_ARENA, Status(*)(void *))(options), "memory arena", error))
              || failed(model, create_session(model, bytes, length, options), "model", error)
              || failed(model, CALL(model, CREATE_CPU_MEMORY_INFO, Status(*)(int, int, void **))(0, 0, &model->memory), "memory", error)
              || read_names(model, error) != 0;
    if (options) CALL(model, RELEASE_SESSION_OPTIONS, void (*)(void *))(options);
    if (bad) {
        legible_ort_free(model);
        return 0;
    }
    return model;
}

/// Copies the tensor `value` out: its dimensions and floats.
static int copy_out(LegibleOrtModel *model, void *value, float **output, int64_t *shape, size_t *rank, char **error) {
    void *info = 0;
    if (failed(model, CALL(model, TENSOR_TYPE_AND_SHAPE, Status(*)(void *, void **))(value, &info), "output shape", error)) return -1;
    size_t count = 0;
    int bad = failed(model, CALL(model, DIMENSIONS_COUNT, Status(*)(void *, size_t *))(info, &count), "output rank", error);
    if (!bad && count > 8) {
        *error = copy("the output has more than 8 dimensions");
        bad = 1;
    }
    if (!bad) bad = failed(model, CALL(model, DIMENSIONS, Status(*)(void *, int64_t *, size_t))(info, shape, count), "output shape", error);
    CALL(model, RELEASE_SHAPE_INFO, void (*)(void *))(info);
    if (bad) return -1;
    size_t total = 1;
    for (size_t index = 0; index < count; index++) total *= shape[index] > 0 ? (size_t)shape[index] : 0;
    void *data = 0;
    if (failed(model, CALL(model, TENSOR_MUTABLE_DATA, Status(*)(void *, void **))(value, &data), "output data", error)) return -1;
    *output = malloc(total ? total * sizeof(float) : 1);
    if (*output == 0) return -1;
    memcpy(*output, data, total * sizeof(float));
    *rank = count;
    return 0;
}

int legible_ort_run(LegibleOrtModel *model, const float *input, const int64_t *shape, size_t rank, int which, float **output,
                    int64_t *output_shape, size_t *output_rank, char **error) {
    *error = 0;
    if (which != 0 && (which != 1 || model->second_output == 0)) {
        *error = copy("the model has no such output");
        return -1;
    }
    size_t total = 1;
    for (size_t index = 0; index < rank; index++) total *= (size_t)shape[index];
    void *tensor = 0, *result = 0;
    typedef Status (*TensorCall)(void *, void *, size_t, const int64_t *, size_t, int, void **);
    if (failed(model, CALL(model, CREATE_TENSOR_WITH_DATA, TensorCall)(model->memory, (void *)input, total * sizeof(float), shape, rank, 1, &tensor), "input", error)) return -1;
    const char *inputs[1] = {model->input_name}, *outputs[1] = {which ? model->second_output : model->output_name};
    typedef Status (*RunCall)(void *, void *, const char *const *, void *const *, size_t, const char *const *, size_t, void **);
    int bad = failed(model, CALL(model, RUN, RunCall)(model->session, 0, inputs, &tensor, 1, outputs, 1, &result), "run", error)
              || copy_out(model, result, output, output_shape, output_rank, error) != 0;
    CALL(model, RELEASE_VALUE, void (*)(void *))(tensor);
    if (result) CALL(model, RELEASE_VALUE, void (*)(void *))(result);
    return bad ? -1 : 0;
}

void legible_ort_free(LegibleOrtModel *model) {
    if (model == 0) return;
    if (model->memory) CALL(model, RELEASE_MEMORY_INFO, void (*)(void *))(model->memory);
    if (model->session) CALL(model, RELEASE_SESSION, void (*)(void *))(model->session);
    if (model->env) CALL(model, RELEASE_ENV, void (*)(void *))(model->env);
    free(model->input_name);
    free(model->output_name);
    free(model->second_output);
    free(model);
}

char *legible_ort_version(const char *library, char **error) {
    *error = 0;
    const ApiBase *base = open_base(library, error);
    if (base == 0) return 0;
    if (base->version_string == 0) {
        *error = copy("it gives no version");
        return 0;
    }
    return copy(base->version_string());
}
