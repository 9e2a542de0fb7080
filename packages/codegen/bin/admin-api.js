#!/usr/bin/env node
// A committed shim, so that installing before building links the bin cleanly.
import '../dist/cli/bin.js';
