// Plain host code, compiled by g++: not an input.
int hostOnly(int x) { return x * 2; }
