#!/bin/sh
# Ignores SIGTERM (and so does the child it leaves), and spins on go without answering.
trap '' TERM
echo $$ >> "$HALMA_TEST_PIDS"
(while :; do sleep 1; done) &
echo $! >> "$HALMA_TEST_PIDS"
while read -r line; do
  case $line in
    ccp) echo 'id name stubborn'; echo ccpok ;;
    isready) echo readyok ;;
    go*) while :; do :; done ;;
  esac
done
