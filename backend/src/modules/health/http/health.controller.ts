import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { CheckReadiness, type DependencyStatus } from '../application/check-readiness.use-case';

class LivenessDto {
  @ApiProperty({ example: 'ok' }) status: 'ok';
}

class DependencyStatusDto {
  @ApiProperty({ enum: ['up', 'down'] }) status: 'up' | 'down';
  @ApiProperty({ required: false }) error?: string;
}

class ReadinessChecksDto {
  @ApiProperty() database: DependencyStatusDto;
  @ApiProperty() queue: DependencyStatusDto;
  @ApiProperty() storage: DependencyStatusDto;
}

class ReadinessDto {
  @ApiProperty({ enum: ['ok', 'unavailable'] }) status: 'ok' | 'unavailable';
  @ApiProperty() checks: ReadinessChecksDto;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly checkReadiness: CheckReadiness) {}

  @Get()
  @HttpCode(200)
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiOkResponse({ type: LivenessDto })
  live(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: database, queue and storage each reachable' })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessDto })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessDto> {
    const readiness = await this.checkReadiness.execute();
    res.status(readiness.ready ? 200 : 503);
    return {
      status: readiness.ready ? 'ok' : 'unavailable',
      checks: readiness.checks as Record<keyof ReadinessChecksDto, DependencyStatus>,
    };
  }
}
