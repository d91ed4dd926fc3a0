#!/bin/sh
# A stand-in compiler: writes its arguments, one a line, to $FAKE_CC_LOG and
# exits with $FAKE_CC_EXIT (0 when unset).
printf '%s\n' "$@" > "$FAKE_CC_LOG"
exit "${FAKE_CC_EXIT:-0}"
