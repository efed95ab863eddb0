#!/bin/sh
# Answers the handshake, then exits on go.
echo $$ >> "$HALMA_TEST_PIDS"
while read -r line; do
  case $line in
    ccp) echo 'id name crashing'; echo ccpok ;;
    isready) echo readyok ;;
    go*) exit 3 ;;
    quit) exit 0 ;;
  esac
done
