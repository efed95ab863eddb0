#!/bin/sh
# Answers the handshake, then nothing: every go runs into the referee's timeout.
echo $$ >> "$HALMA_TEST_PIDS"
while read -r line; do
  case $line in
    ccp) echo 'id name silent'; echo ccpok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
  esac
done
