#!/bin/sh
# Answers the handshake, then on go writes info lines without end, never a bestmove.
echo $$ >> "$HALMA_TEST_PIDS"
while read -r line; do
  case $line in
    ccp) echo 'id name chatty'; echo ccpok ;;
    isready) echo readyok ;;
    go*) exec yes 'info string thinking very hard about nothing at all' ;;
    quit) exit 0 ;;
  esac
done
