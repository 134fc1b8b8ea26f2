// Header-only: this file exists because a C target needs a source to build.
#include "CProcessSpawn.h"
