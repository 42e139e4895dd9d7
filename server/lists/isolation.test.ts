import { isolationMatrix } from './isolation.test-helper'

isolationMatrix()
