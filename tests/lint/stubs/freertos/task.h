/* cppcheck stub of FreeRTOS's task.h (see ../README.md). */
#ifndef RTB_STUB_TASK_H
#define RTB_STUB_TASK_H
#include "FreeRTOS.h"
TaskHandle_t xTaskCreateStatic(TaskFunction_t, const char *, configSTACK_DEPTH_TYPE, void *,
                               UBaseType_t, StackType_t *, StaticTask_t *);
TaskHandle_t xTaskGetCurrentTaskHandle(void);
void vTaskSuspend(TaskHandle_t);
void vTaskResume(TaskHandle_t);
BaseType_t xTaskResumeFromISR(TaskHandle_t);
void vTaskDelete(TaskHandle_t);
void vTaskPrioritySet(TaskHandle_t, UBaseType_t);
void vTaskDelay(TickType_t);
void vTaskStartScheduler(void);
#endif
