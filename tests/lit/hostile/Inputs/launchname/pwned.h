#error PWNED: a launch file's kernel name included this header
