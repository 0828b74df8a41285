# rtbench - thin wrapper around CMake.
#   make          build build/rtbench-posix (the POSIX target) and build/rtbench (host tool)
#   make run      build, then run the default suite on this host and store it
#   make test     every test, built with ASan/UBSan (build/asan), via ctest
#   make cortex-m cross-build the Cortex-M images (build/cortex-m/rtbench-<board>.elf)
BUILD ?= build
ASAN ?= build/asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all run test deps deps-all clean format cppcheck cortex-m

all: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

run: all
	$(BUILD)/rtbench run

deps:
	@sh scripts/deps.sh host

deps-all:
	@sh scripts/deps.sh all

test: deps-all all
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DRTB_SANITIZE=ON >/dev/null
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS)

cortex-m: deps-all
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD) --target cortex-m-images -j $(JOBS)

format:
	find suite ports arch boards host emu tests -name '*.[ch]' | xargs clang-format -i

cppcheck:
	sh tests/lint/check_cppcheck.sh

clean:
	rm -rf $(BUILD)
