/* rtbench tests - build options of the fake kernel's core test. */
#ifndef RTB_CONFIG_FAKE_H
#define RTB_CONFIG_FAKE_H
#define RTB_CONFIG_STACK_SIZE 1024u
#endif
