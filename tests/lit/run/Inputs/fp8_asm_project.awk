# The columns of tests/hardware/h100/fp8-convert.txt that run/fp8-asm.cu
# prints, in its line format (see both files for the columns' meaning).
$2 == "f" || $2 == "h" { print $1, $2, $3, ":", $6, $8, $9 }
$2 == "e8" { print $1, $2, $3, ":", $5, $6, $7, $8, $11, $13 }
$2 == "r" { print $1, $2, $3, ":", $5, $6, $7, $8, $26 }
