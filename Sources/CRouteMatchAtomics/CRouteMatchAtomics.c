// The operations are `static inline` in the header; this file gives SwiftPM the target's one
// required source file.
#include "CRouteMatchAtomics.h"
