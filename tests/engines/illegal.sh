#!/bin/sh
# Answers the handshake, then on go a move that is not legal (hole 0 to hole 1).
echo $$ >> "$HALMA_TEST_PIDS"
while read -r line; do
  case $line in
    ccp) echo 'id name illegal'; echo ccpok ;;
    isready) echo readyok ;;
    go*) echo 'bestmove 0-1' ;;
    quit) exit 0 ;;
  esac
done
