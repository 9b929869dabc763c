//! A worker's life seen from outside: health answers SERVING (whole server and the Worker
//! service), reflection lists the services for grpcurl, and SIGTERM turns health to
//! NOT_SERVING, lets the running shard finish and exits 0 in bounded time.

use std::time::Duration;

use tonic::Request;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};
use tonic_reflection::pb::v1::ServerReflectionRequest;
use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;

use super::harness::{PROTOCOL, Worker, channel, pb, runtime, wire_scenario};

fn check(service: &str) -> Request<HealthCheckRequest> {
    let mut request = Request::new(HealthCheckRequest {
        service: service.to_string(),
    });
    request.set_timeout(Duration::from_secs(5));
    request
}

#[test]
fn health_answers_serving_and_reflection_lists_the_services() {
    let w = Worker::plain();
    runtime().block_on(async {
        let channel = channel(&w).await;
        let mut health = HealthClient::new(channel.clone());
        for service in ["", "pf1e.v1.Worker"] {
            let status = health
                .check(check(service))
                .await
                .unwrap()
                .into_inner()
                .status;
            assert_eq!(status, ServingStatus::Serving as i32, "{service:?}");
        }
        let mut reflection = ServerReflectionClient::new(channel);
        let ask = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::ListServices(String::new())),
        };
        let mut request = Request::new(tokio_stream_once(ask));
        request.set_timeout(Duration::from_secs(5));
        let mut answers = reflection
            .server_reflection_info(request)
            .await
            .unwrap()
            .into_inner();
        let answer = answers.message().await.unwrap().expect("one answer");
        let Some(MessageResponse::ListServicesResponse(list)) = answer.message_response else {
            panic!("{answer:?}");
        };
        let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
        for expected in ["pf1e.v1.Worker", "grpc.health.v1.Health"] {
            assert!(names.iter().any(|n| n == expected), "{names:?}");
        }
    });
}

/// A one-item request stream.
fn tokio_stream_once<T: Send + 'static>(item: T) -> impl tokio_stream::Stream<Item = T> {
    tokio_stream::once(item)
}

#[test]
fn sigterm_drains_the_worker_and_it_exits_in_bounded_time() {
    let mut w = Worker::start(1, &[], "delay-ms=1500");
    let rt = runtime();
    let channel = rt.block_on(channel(&w));
    let mut client = pb::worker_client::WorkerClient::new(channel.clone());
    let mut request = Request::new(pb::RunShardRequest {
        protocol_version: PROTOCOL,
        job_id: "drain".into(),
        shard_id: 0,
        attempt: 1,
        scenario: Some(wire_scenario()),
        seed: 3,
        first_run: 0,
        run_count: 20,
    });
    request.set_timeout(Duration::from_secs(20));
    let running = rt.spawn(async move { client.run_shard(request).await });
    let mut health = HealthClient::new(channel);
    let mut watch = rt.block_on(health.watch(check(""))).unwrap().into_inner();
    let first = rt.block_on(watch.message()).unwrap().unwrap();
    assert_eq!(first.status, ServingStatus::Serving as i32);
    std::thread::sleep(Duration::from_millis(300));

    let started = std::time::Instant::now();
    let (code, next) = std::thread::scope(|scope| {
        let waiter = scope.spawn(|| w.terminate(Duration::from_secs(10)));
        let next = rt.block_on(watch.message());
        drop(watch);
        (waiter.join().unwrap(), next)
    });
    let next = next.unwrap().expect("a status change");
    assert_eq!(next.status, ServingStatus::NotServing as i32);
    assert_eq!(code, Some(0), "exit code");
    assert!(started.elapsed() < Duration::from_secs(10));
    let answer = rt
        .block_on(running)
        .unwrap()
        .expect("the running shard finished");
    assert_eq!(answer.into_inner().tally.unwrap().fights, 20);
}
