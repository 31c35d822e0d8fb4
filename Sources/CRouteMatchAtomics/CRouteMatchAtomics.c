// The operations are `static inline` in the header; this file defines the one thread-local
// word they read and write.
#include "CRouteMatchAtomics.h"

_Thread_local void *_Nullable routematch_current_decoder = 0;
