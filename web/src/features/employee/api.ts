// Staff: the master-data calls.
import { masterApi } from '@/features/master/api'
import type { CacheName } from '@/features/cache/types'
import type { Employee, EmployeeInput } from './types'

export const employeeApi = masterApi<Employee, EmployeeInput>('/employee')
export const employeeKeys = { all: ['employee'] as const }
export const employeeCaches: CacheName[] = ['staff']
