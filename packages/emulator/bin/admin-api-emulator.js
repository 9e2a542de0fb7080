#!/usr/bin/env node
// A committed shim, so that installing the workspace before building it links the bin cleanly.
import '../dist/bin.js';
