#!/bin/sh
# halma ccp ($1) started from another folder by a shell that does not exec it (the
# "cd /tmp && halma ccp" of an engine command line): a grandchild of the referee.
echo $$ >> "$HALMA_TEST_PIDS"
cd /tmp && sh -c 'echo $$ >> "$HALMA_TEST_PIDS"; exec "$0" ccp' "$1"
echo "the engine exited" >&2
