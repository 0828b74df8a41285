# rtbench - thin wrapper around CMake.
#   make          build build/rtbench-posix (the POSIX target) and build/rtbench (host tool)
#   make run      build, then run the default suite on this host and store it
#   make test     every test, built with ASan/UBSan and -Werror (build/asan), via ctest
#   make cortex-m cross-build the Cortex-M images (build/cortex-m/rtbench-<board>.elf)
#   make kernels KERNELS=<folder>  build and run every kernel x board check image
#                 (ports/<kernel>/app) from a folder of kernel trees or .tar.xz
#                 files, checked against the committed logs (results/)
#   make test KERNELS=<folder>     the same tests inside the whole suite
#   make install PREFIX=<dir>  build everything (every board's images too) and
#                 install rtbench, its images, the cycle-model plugin and the
#                 man page under PREFIX (default /usr/local: cmake/install.cmake)
#   make fuzz     build the libFuzzer targets (build/fuzz, clang) and run each for
#                 FUZZ_SECONDS (default 60); `make test` runs each for 5 s
BUILD ?= build
ASAN ?= build/asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ ?= build/fuzz
FUZZ_SECONDS ?= 60
KERNELS ?=
KERNELS_ABS = $(if $(KERNELS),$(abspath $(KERNELS)),)
PREFIX ?= /usr/local

.PHONY: all run test deps deps-all clean format cppcheck cortex-m fuzz kernels install

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
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DRTB_SANITIZE=ON -DRTB_WERROR=ON -DRTB_KERNELS="$(KERNELS_ABS)" >/dev/null
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS)

cortex-m: deps-all
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD) --target cortex-m-images -j $(JOBS)

install: deps-all all
	cmake --build $(BUILD) --target cortex-m-install-images
	cmake --install $(BUILD) --prefix "$(abspath $(PREFIX))"

kernels: deps-all
	@[ -n "$(KERNELS)" ] || { echo "make kernels: say where the kernel trees are: make kernels KERNELS=<folder of trees or .tar.xz>" >&2; exit 2; }
	@[ -d "$(KERNELS)" ] || { echo "make kernels: KERNELS=$(KERNELS) is not a folder" >&2; exit 2; }
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DRTB_KERNELS="$(KERNELS_ABS)" >/dev/null
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest -L kernels --output-on-failure -j $(JOBS)

fuzz: deps-all
	cmake -S tests/fuzz -B $(FUZZ) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build $(FUZZ) -j $(JOBS)
	@fail=0; for t in $$(cat $(FUZZ)/targets.txt); do \
	    sh tests/fuzz/run_fuzz.sh $(FUZZ)/$$t $(FUZZ_SECONDS) $(FUZZ)/corpus/$$t >$(FUZZ)/$$t.out 2>&1 || fail=1; \
	    grep -v " passed, " $(FUZZ)/$$t.out; \
	done; exit $$fail

format:
	find suite ports arch boards host emu tests -name '*.[ch]' | xargs clang-format -i

cppcheck:
	sh tests/lint/check_cppcheck.sh

clean:
	rm -rf $(BUILD)
